/** The author of every chat of the embedded service (it has one account). */
export const EMBEDDED_AUTHOR_ID = "user_embedded";
