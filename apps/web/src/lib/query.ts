/** A query parameter by name, matched without regard to case (links are typed and pasted by people). */
export function queryParam(params: URLSearchParams, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of params) if (key.toLowerCase() === wanted) return value.trim() || null;
  return null;
}
