/** The embedded service has one account (its own data); the authorize page shows it as the only choice. */
export const EMBEDDED_ACCOUNT_ID = "embedded";
