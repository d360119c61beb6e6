// The building blocks of the payload rules: the error tree Discord answers with, and the checks
// every area uses (lengths, ids, URLs).

/** Discord's nested error object: keys are body paths, leaves carry `_errors`. */
export interface FormErrorTree {
  [key: string]: FormErrorTree | { code: string; message: string }[] | undefined;
  _errors?: { code: string; message: string }[];
}

type Path = (string | number)[];

/** The problems found in one body, each at its path (`embeds.0.title`). */
export class FormErrors {
  private readonly found: {
    problems: { path: Path; code: string; message: string }[];
    /** Discord's 50006 "Cannot send an empty message", which is not an Invalid Form Body. */
    emptyMessage: boolean;
  };

  constructor(
    private readonly prefix: Path = [],
    parent?: FormErrors,
  ) {
    this.found = parent ? parent.found : { problems: [], emptyMessage: false };
  }

  /** The same list, with paths under `keys`. */
  at(...keys: Path): FormErrors {
    return new FormErrors([...this.prefix, ...keys], this);
  }

  add(path: Path, code: string, message: string): void {
    this.found.problems.push({ path: [...this.prefix, ...path], code, message });
  }

  /** The message has no content, embed, component, file, sticker or poll. */
  markEmpty(): void {
    this.found.emptyMessage = true;
  }

  get emptyMessage(): boolean {
    return this.found.emptyMessage;
  }

  get empty(): boolean {
    return this.found.problems.length === 0 && !this.found.emptyMessage;
  }

  /** `path: message` per problem. */
  list(): string[] {
    const lines = this.found.problems.map(({ path, message }) => `${path.join(".") || "body"}: ${message}`);
    return this.found.emptyMessage ? ["Cannot send an empty message", ...lines] : lines;
  }

  /** The codes found, for assertions. */
  codes(): string[] {
    return this.found.problems.map(({ path, code }) => `${path.join(".")}:${code}`);
  }

  tree(): FormErrorTree {
    const tree: FormErrorTree = {};
    for (const { path, code, message } of this.found.problems) {
      let node = tree;
      for (const key of path) {
        const next = node[String(key)];
        if (next === undefined || Array.isArray(next)) node[String(key)] = {};
        node = node[String(key)] as FormErrorTree;
      }
      node._errors = [...(node._errors ?? []), { code, message }];
    }
    return tree;
  }
}

export type Check = (errors: FormErrors) => void;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Discord counts characters as code points. */
export const textLength = (text: string): number => {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
};

/** A string field: the type, and its length within `min`..`max` (checked when present). */
export function checkString(
  errors: FormErrors,
  body: Record<string, unknown>,
  key: string,
  limits: { min?: number; max: number; required?: boolean },
): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) {
    if (limits.required) errors.add([key], "BASE_TYPE_REQUIRED", "This field is required");
    return undefined;
  }
  if (typeof value !== "string") {
    errors.add([key], "BASE_TYPE_STRING", "Could not interpret value as string.");
    return undefined;
  }
  checkLength(errors, [key], textLength(value), limits.min ?? 0, limits.max);
  return value;
}

export function checkLength(errors: FormErrors, path: Path, length: number, min: number, max: number): void {
  if (min > 0 && length < min) {
    const sentence =
      min === max ? `Must be ${min} in length.` : `Must be between ${min} and ${max} in length.`;
    errors.add(path, min === 1 && length === 0 ? "BASE_TYPE_REQUIRED" : "BASE_TYPE_BAD_LENGTH", sentence);
  } else if (length > max) {
    const bad = min > 0;
    errors.add(
      path,
      bad ? "BASE_TYPE_BAD_LENGTH" : "BASE_TYPE_MAX_LENGTH",
      bad ? `Must be between ${min} and ${max} in length.` : `Must be ${max} or fewer in length.`,
    );
  }
}

/** An integer field within `min`..`max`. */
export function checkInteger(
  errors: FormErrors,
  body: Record<string, unknown>,
  key: string,
  min: number,
  max: number,
): number | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    errors.add([key], "NUMBER_TYPE_COERCE", `Value "${String(value)}" is not int.`);
    return undefined;
  }
  if (value < min)
    errors.add([key], "NUMBER_TYPE_MIN", `int value should be greater than or equal to ${min}.`);
  if (value > max) errors.add([key], "NUMBER_TYPE_MAX", `int value should be less than or equal to ${max}.`);
  return value;
}

export function checkBoolean(errors: FormErrors, body: Record<string, unknown>, key: string): void {
  const value = body[key];
  if (value !== undefined && value !== null && typeof value !== "boolean") {
    errors.add([key], "BASE_TYPE_BOOLEAN", "Must be either true or false.");
  }
}

const snowflake = /^\d{15,21}$/;

export function isSnowflake(value: unknown): boolean {
  return (typeof value === "string" || typeof value === "number") && snowflake.test(String(value));
}

/** Discord's URL rule: at most 2,048 characters, well formed, and one of the allowed schemes. */
export function checkUrl(
  errors: FormErrors,
  body: Record<string, unknown>,
  key: string,
  options: { schemes: readonly string[]; required?: boolean },
): void {
  const value = body[key];
  if (value === undefined || value === null) {
    if (options.required) errors.add([key], "BASE_TYPE_REQUIRED", "This field is required");
    return;
  }
  if (typeof value !== "string") {
    errors.add([key], "BASE_TYPE_STRING", "Could not interpret value as string.");
    return;
  }
  const problem = urlProblem(value, options.schemes);
  if (problem) errors.add([key], problem.code, problem.message);
}

/** Why Discord would refuse a URL, or null when it is fine. */
export function urlProblem(
  value: string,
  schemes: readonly string[] = ["http", "https"],
): { code: string; message: string } | null {
  if (textLength(value) > 2048) {
    return { code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2048 or fewer in length." };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { code: "URL_TYPE_INVALID_URL", message: "Not a well formed URL." };
  }
  const scheme = url.protocol.slice(0, -1);
  if (!schemes.includes(scheme)) {
    return {
      code: "URL_TYPE_INVALID_SCHEME",
      message: `Scheme "${scheme}" is not supported. Scheme must be one of (${schemes.map((s) => `'${s}'`).join(", ")}).`,
    };
  }
  if (scheme !== "attachment" && (url.hostname === "" || /\s/.test(value))) {
    return { code: "URL_TYPE_INVALID_URL", message: "Not a well formed URL." };
  }
  return null;
}

/** An array field: its type and its length within `min`..`max`. */
export function checkArray(
  errors: FormErrors,
  body: Record<string, unknown>,
  key: string,
  min: number,
  max: number,
): unknown[] | undefined {
  const value = body[key];
  if (value === undefined || value === null) {
    if (min > 0) errors.add([key], "BASE_TYPE_REQUIRED", "This field is required");
    return undefined;
  }
  if (!Array.isArray(value)) {
    errors.add([key], "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType");
    return undefined;
  }
  if (value.length < min) {
    errors.add([key], "BASE_TYPE_BAD_LENGTH", `Must be between ${min} and ${max} in length.`);
  } else checkLength(errors, [key], value.length, min, max);
  return value;
}
