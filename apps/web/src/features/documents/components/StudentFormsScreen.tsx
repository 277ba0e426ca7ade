import { ResourcePage } from '../../../components/crud/ResourcePage';
import { studentForms } from '../student-forms';

/** studentforms (admin): the generic resource page over its declaration, with the form's file. */
export default function StudentFormsScreen() {
  return <ResourcePage resource={studentForms} />;
}
