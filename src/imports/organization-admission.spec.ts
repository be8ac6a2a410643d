import { OrganizationAdmission } from './organization-admission';

describe('OrganizationAdmission', () => {
  it('admits an organization up to its limit, and others independently', () => {
    const admission = new OrganizationAdmission();
    expect(admission.tryEnter('org_a', 1)).toBe(true);
    expect(admission.tryEnter('org_a', 1)).toBe(false);
    expect(admission.tryEnter('org_b', 1)).toBe(true);
    expect(admission.held('org_a')).toBe(1);
  });

  it('frees the share when a job leaves, and forgets an organization with none running', () => {
    const admission = new OrganizationAdmission();
    expect(admission.tryEnter('org_a', 2)).toBe(true);
    expect(admission.tryEnter('org_a', 2)).toBe(true);
    expect(admission.tryEnter('org_a', 2)).toBe(false);
    admission.leave('org_a');
    expect(admission.tryEnter('org_a', 2)).toBe(true);
    admission.leave('org_a');
    admission.leave('org_a');
    expect(admission.held('org_a')).toBe(0);
  });

  it('limits nobody with an infinite limit (no sandbox pool)', () => {
    const admission = new OrganizationAdmission();
    for (let i = 0; i < 50; i++) expect(admission.tryEnter('org_a', Infinity)).toBe(true);
  });
});
