/**
 * The variables of a pasted `.env` block: `KEY=value` per line; blank lines and `#` comments skipped, an `export `
 * prefix allowed, a value in matching single or double quotes unquoted. Lines without `=` are returned as errors.
 */
export function parseEnvBlock(text: string): { vars: { key: string; value: string }[]; errors: string[] } {
  const vars: { key: string; value: string }[] = [];
  const errors: string[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const body = line.replace(/^export\s+/, "");
    const eq = body.indexOf("=");
    if (eq <= 0) {
      errors.push(`Line ${i + 1}: expected KEY=value`);
      continue;
    }
    let value = body.slice(eq + 1).trim();
    const quoted = /^(["'])([\s\S]*)\1$/.exec(value);
    if (quoted) value = quoted[2]!;
    vars.push({ key: body.slice(0, eq).trim(), value });
  }
  return { vars, errors };
}
