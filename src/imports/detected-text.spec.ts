import type { DetectedField, DetectionResult } from '../shared/field-map';
import { cleanDetectedText, DETECTED_TEXT_LIMITS, storableDetection } from './detected-text';
import { detectedField } from 'test/factories/fields.factory';

const field = (over: Partial<DetectedField>): DetectedField => detectedField({ rect: [0, 0, 10, 10], ...over });

describe('storable detection results', () => {
  it('turns control characters into single spaces and trims', () => {
    expect(cleanDetectedText('\u0000Last\u0000name\u0007\r\n (required)\u009f ')).toBe('Last name (required)');
    expect(cleanDetectedText('Zoë Ðorđević')).toBe('Zoë Ðorđević');
  });

  it('cleans every text a field carries, keeps its shape, and makes NUL in form names storable', () => {
    const detection: DetectionResult = {
      detector: 'acroform',
      pageCount: -1,
      fields: [
        field({
          label: 'A\u0000',
          prompt: 'B\u0001',
          choiceLabel: 'C\u0000',
          section: 'S\u0000',
          acroform: { fieldName: 'f\u0000', widgetIndex: 0, value: 'v\u0000' },
        }),
        field({}),
      ],
      reviewRequired: true,
      reviewReasons: ['r\u0000'],
      warnings: ['w\u0000'],
    };
    const stored = storableDetection(detection, 2);
    expect(stored.pageCount).toBe(2);
    expect(stored.fields[0]).toMatchObject({ label: 'A', prompt: 'B', choiceLabel: 'C', section: 'S' });
    expect(stored.fields[0].acroform).toEqual({ fieldName: 'f\ufffd', widgetIndex: 0, value: 'v\ufffd' });
    expect(stored.fields[1]).toEqual(field({}));
    expect(JSON.stringify(stored)).not.toContain('\\u0000');
    expect(stored.reviewReasons).toEqual(['r']);
    expect(stored.warnings).toEqual(['w']);
  });

  it('caps label, prompt, choice and section at the lengths an edit may set, and mends lone surrogates', () => {
    const long = ':'.repeat(40_000);
    const detection: DetectionResult = {
      detector: 'layout',
      pageCount: 1,
      fields: [
        field({ label: long, prompt: long, choiceLabel: long, section: long }),
        field({ label: 'A\ud800B\udc00' }),
      ],
      reviewRequired: false,
      reviewReasons: [],
      warnings: [],
    };
    const [capped, mended] = storableDetection(detection, 1).fields;
    expect(capped.label).toHaveLength(DETECTED_TEXT_LIMITS.label);
    expect(capped.prompt).toHaveLength(DETECTED_TEXT_LIMITS.prompt);
    expect(capped.choiceLabel).toHaveLength(DETECTED_TEXT_LIMITS.choiceLabel);
    expect(capped.section).toHaveLength(DETECTED_TEXT_LIMITS.section);
    expect(capped.label.endsWith('\u2026')).toBe(true);
    expect(mended.label).toBe('A\ufffdB\ufffd');
    // A pair is kept whole, never cut in half.
    expect(cleanDetectedText(`${'a'.repeat(8)}\u{1F600}x`, 10)).toBe(`${'a'.repeat(8)}\u2026`);
  });
});
