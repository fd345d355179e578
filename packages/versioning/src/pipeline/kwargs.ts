/**
 * The UrlConf keyword arguments of a route from a framework's decoded parameters: those of the route only,
 * absent optional ones left out, a wildcard's segments (Express gives an array) joined with `/`.
 */
export function kwargsFromParams(
  params: Readonly<Record<string, unknown>>,
  names: readonly string[],
): Record<string, string> {
  const kwargs: Record<string, string> = {};
  for (const name of names) {
    const given = Object.hasOwn(params, name) ? params[name] : undefined;
    const value = Array.isArray(given) ? given.join('/') : given;
    if (typeof value !== 'string') continue;
    // Assigning `__proto__` would set the prototype; the parameter must be an own property like any other.
    if (name === '__proto__')
      Object.defineProperty(kwargs, name, { value, enumerable: true, writable: true, configurable: true });
    else kwargs[name] = value;
  }
  return kwargs;
}
