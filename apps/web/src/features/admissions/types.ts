import type {
  ADMISSION_RESOURCES,
  ItemOf,
  REGISTRY,
  ApplicantDocumentEntry,
  ApplicantRecord,
  admissionPaymentItem,
  OlevelDisplayRow,
  screeningReport,
} from '@portal/contracts';
import type { Infer } from '../../components/crud/types';

/** The admissions screens' types, from the contract (types only). */
type Resources = typeof ADMISSION_RESOURCES;

export type AdmissionSessionItem = ItemOf<(typeof REGISTRY)['admission-sessions']>;
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
