/** A dynamic route segment as the page should use it: percent-decoded, or as it came when it is not valid encoding. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
