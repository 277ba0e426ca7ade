/** The contract's plain checks (zod-free, so they cost the sign-in pages nothing). */
export { EMAIL_PATTERN, NIGERIAN_PHONE_PATTERN, passwordLengthOk } from '@portal/contracts';
