import SheetCoursesScreen from './SheetCoursesScreen';

/** marksheet: any course's score sheet with its revisions and history, read-only. */
export default function MarkSheetScreen() {
  return <SheetCoursesScreen mine={false} />;
}
