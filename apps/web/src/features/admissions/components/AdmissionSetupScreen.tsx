import { ResourcePage } from '../../../components/crud/ResourcePage';
import { admissionDocuments } from '../resources';

/** admissiondocument: the generic resource page over its declaration, with the document's file. */
export default function AdmissionSetupScreen() {
  return <ResourcePage resource={admissionDocuments} />;
}
