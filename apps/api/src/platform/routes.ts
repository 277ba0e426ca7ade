import { errorEnvelope } from '@portal/contracts';

/** Route config of the calls only a signed-in applicant may make. */
export const applicantOnly = { access: { modes: ['Applicant'] as const } };

/** The error envelope under each of these status codes, for a route schema's `response`. */
export function errorResponses<const Codes extends readonly number[]>(
  ...codes: Codes
): Record<Codes[number], typeof errorEnvelope> {
  return Object.fromEntries(codes.map((code) => [code, errorEnvelope])) as Record<
    Codes[number],
    typeof errorEnvelope
  >;
}
