/**
 * What the post-processing stages (sections, reading order, confidence, review) read from a page: its text
 * lines in the upright analysis space and the page's fields mapped into that space.
 */
import type { DetectedField } from '../shared/field-map';
import { buildLines, type TextLine } from './layout/text';
import { boxOf, type Box, type PageContent } from './layout/types';

export interface PageText {
  /** 1-based page number. */
  page: number;
  width: number;
  height: number;
  lines: TextLine[];
  /** PDF user space -> upright analysis space (origin bottom-left, y up). */
  fromUser: (x: number, y: number) => [number, number];
}

export function pageText(content: PageContent): PageText {
  return {
    page: content.index + 1,
    width: content.width,
    height: content.height,
    lines: buildLines(content.glyphs, content.vLines),
    fromUser: content.fromUser,
  };
}

/** A field's rect (or any user-space rect) in the upright space of its page. */
export function uprightBox(f: Pick<DetectedField, 'rect'>, p: Pick<PageText, 'fromUser'>): Box {
  return boxOf([p.fromUser(f.rect[0], f.rect[1]), p.fromUser(f.rect[2], f.rect[3])]);
}
