import { Validator, type OutputUnit, type Schema } from "@cfworker/json-schema";
import {
  toErrorSchema,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type ValidationData,
  type ValidatorType,
} from "@rjsf/utils";

/**
 * The tool form's JSON Schema validator for @rjsf/core, on @cfworker/json-schema. rjsf's own validator (ajv) compiles
 * schemas into functions with `new Function`, which the dashboard's CSP forbids (no 'unsafe-eval'); cfworker
 * interprets the schema instead. Only the failing leaves are reported (a `properties` keyword failing because one
 * property failed adds nothing), each at its property's path, as rjsf expects.
 */

const COMPOSITE = new Set([
  "properties",
  "items",
  "prefixItems",
  "additionalProperties",
  "allOf",
  "anyOf",
  "oneOf",
  "$ref",
  "not",
  "if",
  "then",
  "else",
  "dependentSchemas",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contains",
  "propertyNames",
  "patternProperties",
]);

/** `#/a/0/b` → ".a[0].b" (rjsf's property notation). */
function propertyOf(instanceLocation: string, extra?: string): string {
  const parts = instanceLocation
    .replace(/^#\/?/, "")
    .split("/")
    .filter(Boolean)
    .map((p) => decodeURIComponent(p.replace(/~1/g, "/").replace(/~0/g, "~")));
  if (extra) parts.push(extra);
  return parts.map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`)).join("");
}

function toRjsfError(unit: OutputUnit): RJSFValidationError {
  const required = unit.keyword === "required" ? /required property "([^"]+)"/.exec(unit.error)?.[1] : undefined;
  const property = propertyOf(unit.instanceLocation, required);
  const message = required ? "is required" : unit.error.replace(/^Instance /, "");
  return {
    name: unit.keyword,
    property,
    message,
    stack: `${property || "value"} ${message}`.trim(),
    schemaPath: unit.keywordLocation,
  };
}

/** The schema with the root's definitions beside it, so `$ref`s into the root resolve. */
function withDefinitions(schema: RJSFSchema, root: RJSFSchema | undefined): Schema {
  if (!root || root === schema) return schema as Schema;
  return { ...(schema as Schema), $defs: root.$defs, definitions: root.definitions } as Schema;
}

function run(schema: RJSFSchema, data: unknown, root?: RJSFSchema): OutputUnit[] {
  try {
    const result = new Validator(withDefinitions(schema, root), "2020-12", false).validate(data ?? {});
    return result.valid ? [] : result.errors.filter((e) => !COMPOSITE.has(e.keyword));
  } catch (error) {
    return [
      {
        keyword: "schema",
        keywordLocation: "#",
        instanceLocation: "#",
        error: `The tool's schema cannot be used: ${String(error)}`,
      },
    ];
  }
}

export const schemaValidator: ValidatorType = {
  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
  ): ValidationData<unknown> {
    let errors = run(schema, formData).map(toRjsfError);
    if (transformErrors) errors = transformErrors(errors);
    const errorSchema = toErrorSchema(errors);
    void customValidate; // the explorer gives none
    return { errors, errorSchema };
  },
  isValid: (schema, formData, rootSchema) => run(schema, formData, rootSchema).length === 0,
  rawValidation: (schema, formData) => ({ errors: run(schema, formData) as never[] }),
};
