import { deflateSync } from 'node:zlib';
import { numberToString, PDFName, type PDFHexString, type PDFPage } from 'pdf-lib';

export type Operand = number | PDFName | PDFHexString;

/** What pdf-lib's PDFNumber writes (no exponent), without building one per number. */
function formatNumber(value: number): string {
  const text = String(value);
  return text.includes('e') ? numberToString(value) : text;
}

/**
 * A page content stream written as text, operator by operator, the bytes pdf-lib's operators would write
 * (operands, then the operator, one per line). pdf-lib builds an object per operator and per number, checks
 * each when it is pushed, and sizes the stream several times over; a completed PDF draws thousands of operators,
 * and that was a third of a flat form's render (`node --cpu-prof`, bench:render).
 */
export class ContentBuilder {
  private text = '';

  op(operator: string, ...operands: Operand[]): this {
    for (const operand of operands) {
      this.text += typeof operand === 'number' ? formatNumber(operand) : operand.toString();
      this.text += ' ';
    }
    this.text += operator;
    this.text += '\n';
    return this;
  }

  /** One line written as given (an operator whose operands are not numbers or names, e.g. `[] 0 d`). */
  raw(line: string): this {
    this.text += line;
    this.text += '\n';
    return this;
  }

  /** Another builder's operators, after these. */
  append(other: ContentBuilder): this {
    this.text += other.text;
    return this;
  }

  get isEmpty(): boolean {
    return this.text === '';
  }

  /** The operators as written, for tests. */
  toString(): string {
    return this.text;
  }

  /** Appends the operators to the page as one new content stream (drawn after what the page had), compressed. */
  appendTo(page: PDFPage): void {
    if (this.isEmpty) return;
    const context = page.doc.context;
    const stream = context.stream(deflateSync(Buffer.from(this.text, 'latin1')), { Filter: 'FlateDecode' });
    page.node.addContentStream(context.register(stream));
    this.text = '';
  }
}
