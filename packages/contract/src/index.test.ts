import { describe, expect, it } from 'vitest';
import * as contract from './index';
import { extensionFlowLabel, isExtensionConnected } from './extension';

describe('package entry', () => {
  it('re-exports every domain', () => {
    for (const name of [
      'api',
      'extraApi',
      'allRoutes',
      'specRoutes',
      'messages',
      'UserSchema',
      'ExtensionRequestSchema',
      'InsightsResponseSchema',
      'SubscriptionSchema',
      'PaymentMethodSchema',
      'QuestionSchema',
      'DomainSchema',
      'userUpdateEvent',
      'AUTH_TOKEN_KEY',
      'CATEGORIES',
      'ErrorResponseSchema',
      'OutboxResponseSchema',
    ]) {
      expect(contract, name).toHaveProperty(name);
    }
  });

  it('parses the common error body', () => {
    expect(contract.ErrorResponseSchema.parse({ success: false, error: 'x' })).toEqual({
      success: false,
      error: 'x',
    });
  });
});

describe('extension connection rules (spec §3, §4)', () => {
  it('is connected only when on and installed', () => {
    expect(isExtensionConnected({ status: 'on', isInstalled: true })).toBe(true);
    expect(isExtensionConnected({ status: 'on', isInstalled: false })).toBe(false);
    expect(isExtensionConnected({ status: 'off', isInstalled: true })).toBe(false);
    expect(isExtensionConnected({ status: null, isInstalled: true })).toBe(false);
    expect(isExtensionConnected(undefined)).toBe(false);
  });

  it('labels connection states for the subscription flow', () => {
    expect(extensionFlowLabel('connected')).toBe('connected');
    expect(extensionFlowLabel('connecting')).toBe('connecting');
    expect(extensionFlowLabel('disconnected')).toBe('not connected');
    expect(extensionFlowLabel('error')).toBe('not connected');
  });
});
