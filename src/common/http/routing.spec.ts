import { validateSettings } from 'src/config/settings';
import { trustProxyValue } from './routing';

describe('settings that decide URLs and client addresses', () => {
  it('defaults PUBLIC_BASE_URL to the port the service listens on', () => {
    expect(validateSettings({ PORT: '3193' }).PUBLIC_BASE_URL).toBe('http://localhost:3193');
    expect(validateSettings({}).PUBLIC_BASE_URL).toBe('http://localhost:3000');
    expect(validateSettings({ PORT: '3193', PUBLIC_BASE_URL: '' }).PUBLIC_BASE_URL).toBe('http://localhost:3193');
    expect(validateSettings({ PORT: '3193', PUBLIC_BASE_URL: 'https://forms.example.com' }).PUBLIC_BASE_URL).toBe(
      'https://forms.example.com',
    );
  });

  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(trustProxyValue(validateSettings({}).TRUST_PROXY)).toBe(false);
    expect(trustProxyValue('true')).toBe(true);
    expect(trustProxyValue('2')).toBe(2);
    expect(trustProxyValue('loopback, 10.0.0.0/8')).toBe('loopback, 10.0.0.0/8');
    expect(() => validateSettings({ TRUST_PROXY: 'yes please!' })).toThrow(/TRUST_PROXY/);
  });
});
