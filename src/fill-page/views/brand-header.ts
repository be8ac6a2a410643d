import { html, type SafeHtml } from 'src/common/html/html';

/** The clinic's brand as the patient sees it at the top of the fill page and the done page. */
export interface PageBrand {
  displayName: string | null;
  /** Path of the logo on this origin, or null. */
  logoPath: string | null;
  /** Path of the stylesheet with the brand colour, or null (the page's own colours). */
  stylesheetPath: string | null;
}

/** The logo (its alt text the clinic's name) and the name, or nothing when the organization set neither. */
export function renderBrandHeader(brand: PageBrand | undefined): SafeHtml | '' {
  if (!brand || (!brand.displayName && !brand.logoPath)) return '';
  const name = brand.displayName ?? '';
  return html`<header class="brand-header" data-brand>
    ${brand.logoPath ? html`<img class="brand-logo" src="${brand.logoPath}" alt="${name}" />` : ''}
    ${name ? html`<p class="brand-name">${name}</p>` : ''}
  </header>`;
}
