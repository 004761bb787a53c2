export const tagline = "Boats leave every hour";
