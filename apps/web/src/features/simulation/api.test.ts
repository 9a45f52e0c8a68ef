// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { simulationErrorMessage } from './api';

describe('simulationErrorMessage', () => {
  const error = (resCode: ApiError['resCode'], resMessage: string) =>
    new ApiError({ resCode, resMessage, status: 500 });

  it('keeps the service’s message when it says more than "simulation failed"', () => {
    expect(simulationErrorMessage(error('SIMULATION_BUSY', 'busy now'), 'failed')).toBe('busy now');
    expect(simulationErrorMessage(error('FACE_RECOGNITION_FAILED', 'no face'), 'failed')).toBe(
      'no face',
    );
  });

  it('falls back to the spec’s message otherwise', () => {
    expect(simulationErrorMessage(error('INTERNAL', 'stack trace'), 'failed')).toBe('failed');
    expect(simulationErrorMessage(new Error('boom'), 'failed')).toBe('failed');
  });
});
