import type { MessageId } from '../../../i18n/locales';

/** The four documents of the admission letter dialog (spec section 2), with their PDF names. */
export const ADMISSION_DOCUMENT_TITLES: Record<number, { title: MessageId; file: string }> = {
  1: { title: 'documents.admission.letter', file: 'ProvisionalAdmissionLetter' },
  2: { title: 'documents.admission.acceptanceInfo', file: 'AcceptanceFeePaymentInformation' },
  3: { title: 'documents.admission.medical', file: 'MedicalExaminationForm' },
  4: { title: 'documents.admission.undertaking', file: 'UndertakingForm' },
};
