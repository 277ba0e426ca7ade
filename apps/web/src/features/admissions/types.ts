import type {
  ADMISSION_RESOURCES,
  ApplicantDocumentEntry,
  ApplicantRecord,
  admissionPaymentItem,
  OlevelDisplayRow,
  screeningReport,
} from '@portal/contracts';
import type { Infer } from '../../components/crud/types';

/** The admissions screens' types, from the contract (types only). */
type Resources = typeof ADMISSION_RESOURCES;

export type AdmissionSessionItem = Infer<Resources['admissionSessions']['item']>;
export type AdmissionSessionInput = Infer<Resources['admissionSessions']['input']>;
export type AdmissionBatchItem = Infer<Resources['admissionBatches']['item']>;
export type AdmissionBatchInput = Infer<Resources['admissionBatches']['input']>;
export type AdmissionInformationItem = Infer<Resources['admissionInformation']['item']>;
export type AdmissionInformationInput = Infer<Resources['admissionInformation']['input']>;
export type AdmissionDocumentItem = Infer<Resources['admissionDocuments']['item']>;
export type AdmissionDocumentInput = Infer<Resources['admissionDocuments']['input']>;

/** Paths as the contract declares them (a typo is a type error). */
export type ResourcePath<K extends keyof Resources> = Resources[K]['path'];
export type ResourceSort<K extends keyof Resources> = Resources[K]['sortable'][number];

export type AdmissionPaymentItem = Infer<typeof admissionPaymentItem>;
export type ScreeningReport = Infer<typeof screeningReport>;

export interface ApplicantFullRecord {
  Record: ApplicantRecord;
  Olevel: OlevelDisplayRow[];
  Documents: ApplicantDocumentEntry[];
  Admission: {
    admissionStatus: string;
    rejectionReason: string | null;
    utmeScore: number | null;
    capsStatus: string | null;
  };
}
