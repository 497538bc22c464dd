import {KitCallLifecycle, kitEndReasonOf} from './call-lifecycle';

describe('KitCallLifecycle', () => {
  it('should take only the first decision of a ringing call', () => {
    const lifecycle = new KitCallLifecycle('incoming');
    expect(lifecycle.begin('accept')).toBe(true);
    expect(lifecycle.begin('decline')).toBe(false);
    expect(lifecycle.begin('accept')).toBe(false);
    expect(lifecycle.phase).toBe('accepting');
  });

  it('should refuse a cancel on an incoming call and an accept on an outgoing one', () => {
    expect(new KitCallLifecycle('incoming').begin('cancel')).toBe(false);
    expect(new KitCallLifecycle('outgoing').begin('accept')).toBe(false);
    expect(new KitCallLifecycle('outgoing').begin('cancel')).toBe(true);
  });

  it('should ring again after a failed decision', () => {
    const lifecycle = new KitCallLifecycle('outgoing');
    lifecycle.begin('cancel');
    expect(lifecycle.revert()).toBe(true);
    expect(lifecycle.phase).toBe('dialing');
    expect(lifecycle.revert()).toBe(false);
  });

  it('should run the teardown exactly once, whatever ends the call and however often', () => {
    const lifecycle = new KitCallLifecycle('incoming');
    const steps: string[] = [];
    lifecycle.onTeardown(() => steps.push('stop sound'));
    lifecycle.onTeardown(() => steps.push('remove listener'));
    expect(lifecycle.end('cancelled')).toBe(true);
    expect(lifecycle.end('rejected')).toBe(false);
    expect(steps).toEqual(['remove listener', 'stop sound']);
    expect(lifecycle.reason).toBe('cancelled');
  });

  it('should run the other teardown steps when one throws', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const lifecycle = new KitCallLifecycle('incoming');
    const steps: string[] = [];
    lifecycle.onTeardown(() => steps.push('stop sound'));
    lifecycle.onTeardown(() => {
      throw new Error('broken');
    });
    lifecycle.end('ended');
    expect(steps).toEqual(['stop sound']);
    errors.mockRestore();
  });

  it('should run a teardown registered after the end at once', () => {
    const lifecycle = new KitCallLifecycle('incoming');
    lifecycle.end('cancelled');
    const step = jest.fn();
    lifecycle.onTeardown(step);
    expect(step).toHaveBeenCalledTimes(1);
  });

  it('should not connect a call that ended or is being declined', () => {
    const ended = new KitCallLifecycle('incoming');
    ended.end('cancelled');
    expect(ended.connect()).toBe(false);
    const declining = new KitCallLifecycle('incoming');
    declining.begin('decline');
    expect(declining.connect()).toBe(false);
    const accepting = new KitCallLifecycle('incoming');
    accepting.begin('accept');
    expect(accepting.connect()).toBe(true);
    expect(accepting.phase).toBe('ongoing');
  });

  it('should report each change of phase', () => {
    const changes: string[] = [];
    const lifecycle = new KitCallLifecycle('outgoing', (phase, reason) =>
      changes.push(`${phase}:${reason}`),
    );
    lifecycle.connect();
    lifecycle.end('ended');
    expect(changes).toEqual(['ongoing:null', 'ended:ended']);
  });
});

describe('kitEndReasonOf', () => {
  it('should map terminal statuses to end reasons and others to null', () => {
    expect(kitEndReasonOf('busy')).toBe('busy');
    expect(kitEndReasonOf('accepted-elsewhere')).toBe('accepted-elsewhere');
    expect(kitEndReasonOf('initiated')).toBeNull();
    expect(kitEndReasonOf('ongoing')).toBeNull();
    expect(kitEndReasonOf(undefined)).toBeNull();
  });
});
