/** A readable name for a system or behavior instance, for error reports: its class's name. @internal */
export function nameOf(instance: object): string {
  const name = (instance.constructor as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name !== '' ? name : 'anonymous system';
}
