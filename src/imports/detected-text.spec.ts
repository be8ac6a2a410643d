import type { DetectedField, DetectionResult } from 'src/detection/field-map';
import { cleanDetectedText, storableDetection } from './detected-text';

const field = (over: Partial<DetectedField>): DetectedField => ({
  kind: 'text',
  page: 1,
  rect: [0, 0, 10, 10],
  label: 'Name',
  prompt: 'Name',
  choiceLabel: null,
  questionKey: null,
  required: false,
  confidence: 1,
  ...over,
});

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
});
