import SheetCoursesScreen from './SheetCoursesScreen';

/** resultupload: the lecturer's courses of a semester, scores typed or uploaded, then submitted. */
export default function ResultUploadScreen() {
  return <SheetCoursesScreen mine />;
}
