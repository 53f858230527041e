/** A mistake in how a command was called: printed with the command's usage, exit code 1. */
export class UsageError extends Error {}

/**
 * Runs the sub-command named by the first argument with the rest. Usage mistakes (an unknown
 * command, a UsageError, or parseArgs refusing an option) print the message and the usage and
 * exit 1; anything else is a real failure and is thrown on.
 */
export async function runCommands(
  commands: Record<string, (args: string[]) => void | Promise<void>>,
  usageText: string,
  argv: string[] = process.argv.slice(2),
): Promise<void> {
  const [command, ...rest] = argv;
  const run = command === undefined ? undefined : commands[command];
  try {
    if (!run) throw new UsageError(command === undefined ? "no command" : `unknown command ${command}`);
    await run(rest);
  } catch (err) {
    // parseArgs reports unknown or valueless options as TypeErrors with a code; both are usage mistakes.
    const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    if (!usage) throw err;
    console.error(`${(err as Error).message}\n${usageText}`);
    process.exit(1);
  }
}
