import type { ContentLesson, StudentContent } from '@portal/contracts';

/** A lesson with its place: its section (the parent index) and its place in the section (the child index). */
export interface PlacedLesson {
  lesson: ContentLesson;
  section: string;
  /** 0-based index of the section. */
  parent: number;
  /** 0-based index of the lesson within its section. */
  child: number;
}

/** Every lesson in order across the sections (the course preview's order). */
export function lessonsInOrder(sections: StudentContent['Sections']): PlacedLesson[] {
  return sections.flatMap((section, parent) =>
    section.Items.map((lesson, child) => ({ lesson, section: section.Title, parent, child })),
  );
}

/** Where to start: the lesson asked for, else the first not completed, else the first. */
export function startIndex(lessons: readonly PlacedLesson[], lessonId?: number | null): number {
  if (lessonId != null) {
    const asked = lessons.findIndex((placed) => placed.lesson.Id === lessonId);
    if (asked >= 0) return asked;
  }
  const open = lessons.findIndex((placed) => !placed.lesson.Completed);
  return open >= 0 ? open : 0;
}

/** A video lesson the player plays itself (an uploaded file); a video link opens its host instead. */
export const isPlayableVideo = (lesson: ContentLesson) => lesson.Kind === 'video' && lesson.File !== null;

/** A document pdf.js can read in the page (others are downloaded). */
export const isPdf = (lesson: ContentLesson) =>
  lesson.Kind === 'document' && (lesson.File?.Kind === 'pdf' || lesson.File?.Mime === 'application/pdf');
