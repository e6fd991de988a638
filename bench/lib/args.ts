/** `--name value` / `--name=value` command-line flags with numeric defaults (small, so a bench stops soon). */
export function numberFlag(name: string, fallback: number): number {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === `--${name}`) return Number(argv[i + 1]);
    if (arg.startsWith(`--${name}=`)) return Number(arg.slice(name.length + 3));
  }
  return fallback;
}

export function stringFlag(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === `--${name}`) return argv[i + 1] ?? fallback;
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return fallback;
}

/** Whether `--name` was given. */
export const booleanFlag = (name: string): boolean => process.argv.slice(2).includes(`--${name}`);
