import { contractV2Suite } from "./contract-v2-suite";

/** The contract of the v2 operations shared with the document, on the spec's wire (the default). */
contractV2Suite("spec");
