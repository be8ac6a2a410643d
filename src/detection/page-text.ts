/**
 * What the post-processing stages (sections, reading order, confidence, review) read from a page: its text
 * lines in the upright analysis space and the page's fields mapped into that space.
 */
import type { DetectedField } from '../shared/field-map';
import { buildLines, type TextLine } from './layout/text';
import { boxOf, type Box, type PageContent } from './layout/types';

export interface PageText extends Pick<PageContent, 'width' | 'height' | 'fromUser'> {
  /** 1-based page number. */
  page: number;
  lines: TextLine[];
}

export function pageText({ index, width, height, fromUser, glyphs, vLines }: PageContent): PageText {
  return { page: index + 1, width, height, lines: buildLines(glyphs, vLines), fromUser };
}

/** A field's rect (or any user-space rect) in the upright space of its page. */
export function uprightBox(f: Pick<DetectedField, 'rect'>, p: Pick<PageText, 'fromUser'>): Box {
  return boxOf([p.fromUser(f.rect[0], f.rect[1]), p.fromUser(f.rect[2], f.rect[3])]);
}
