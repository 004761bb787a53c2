import { contractV2Suite } from "./contract-v2-suite";

/** The same contract with the service in document mode: answers and events as the document has them. */
contractV2Suite("document");
