import { ResourcePage } from '../../../components/crud/ResourcePage';
import { admissionBatches, admissionDocuments, admissionInformation, admissionSessions } from '../resources';

export type AdmissionSetupResource = 'sessions' | 'batches' | 'information' | 'documents';

/**
 * admission/admissionSession, setupadmissionbatch, admissioninformation and admissiondocument:
 * each the generic resource page over its declaration.
 */
export default function AdmissionSetupScreen({ resource }: { resource: AdmissionSetupResource }) {
  switch (resource) {
    case 'sessions':
      return <ResourcePage key={resource} resource={admissionSessions} />;
    case 'batches':
      return <ResourcePage key={resource} resource={admissionBatches} />;
    case 'information':
      return <ResourcePage key={resource} resource={admissionInformation} />;
    case 'documents':
      return <ResourcePage key={resource} resource={admissionDocuments} />;
  }
}
