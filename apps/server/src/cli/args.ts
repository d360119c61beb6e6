import { type ParseArgsOptionsConfig, parseArgs } from "node:util";

/** Where a CLI writes: its answer, and what went wrong (usage included). */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const help = { help: { type: "boolean", short: "h" } } as const;

type Parsed<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; options: O & typeof help }>
>;

/**
 * The one way Hearth's CLIs read their arguments: `options` plus `--help`/`-h`, positionals allowed.
 * Answers the parsed values and positionals with the command (the first positional) apart, or the
 * exit code when there is nothing to run: 0 after printing the usage for `--help`, 2 after printing
 * it (with the reason) for arguments that don't parse or a missing command.
 */
export function parseCommandLine<O extends ParseArgsOptionsConfig>(
  argv: string[],
  options: O,
  usage: string,
  io: CliIo,
): (Parsed<O> & { command: string; rest: string[] }) | number {
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { ...options, ...help } });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  const [command, ...rest] = parsed.positionals;
  if ((parsed.values as { help?: boolean }).help) {
    io.out(usage);
    return 0;
  }
  if (!command) {
    io.err(usage);
    return 2;
  }
  return { ...parsed, command, rest };
}
