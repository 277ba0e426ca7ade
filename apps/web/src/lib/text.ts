/**
 * A readable label from an identifier such as a route or page name: 'AuditTrail' → 'Audit Trail',
 * 'CAPSList' → 'CAPS List', 'admission/admissionSession' → 'Admission Session' (last segment).
 */
export function humanise(name: string): string {
  const last = name.split('/').filter(Boolean).pop() ?? name;
  const words = last
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
