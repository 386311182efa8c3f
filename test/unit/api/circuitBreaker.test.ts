import * as assert from 'node:assert/strict';
import {
  CircuitBreaker,
  circuitRefusalText,
  isCircuitRefusal,
  type CircuitRefusal,
  type CircuitTicket,
} from '../../../src/core/api/circuitBreaker';
import { FakeClock } from './fakeClock';

const OPTIONS = { failures: 3, coolDownMs: 10_000, maxCoolDownMs: 25_000 };

function admitted(breaker: CircuitBreaker): CircuitTicket {
  const outcome = breaker.admit();
  if (isCircuitRefusal(outcome)) throw new Error(`refused: ${JSON.stringify(outcome)}`);
  return outcome;
}

function refused(breaker: CircuitBreaker): CircuitRefusal {
  const outcome = breaker.admit();
  if (!isCircuitRefusal(outcome)) throw new Error('admitted');
  return outcome;
}

describe('CircuitBreaker', () => {
  it('opens after N server errors in a row and refuses until the cool-down has passed', () => {
    const clock = new FakeClock();
    const breaker = new CircuitBreaker(OPTIONS, clock);
    admitted(breaker)(500);
    admitted(breaker)(503);
    assert.deepEqual(breaker.state(), { state: 'closed', serverErrorsInARow: 2 });
    const opensAt = clock.now();
    admitted(breaker)(502);
    const refusal = refused(breaker);
    assert.deepEqual(refusal, { serverErrorsInARow: 3, lastStatus: 502, retryAt: opensAt + 10_000, probing: false });
    assert.deepEqual(breaker.state(), {
      state: 'open',
      serverErrorsInARow: 3,
      lastStatus: 502,
      retryAt: opensAt + 10_000,
    });
  });

  it('counts only consecutive 5xx: any other answer resets, no answer counts neither way', () => {
    const breaker = new CircuitBreaker(OPTIONS, new FakeClock());
    admitted(breaker)(500);
    admitted(breaker)(500);
    admitted(breaker)(404);
    admitted(breaker)(500);
    admitted(breaker)(undefined);
    admitted(breaker)(429);
    admitted(breaker)(500);
    admitted(breaker)(500);
    assert.deepEqual(breaker.state(), { state: 'closed', serverErrorsInARow: 2 });
  });

  it('after the cool-down lets one probe through (others still refused); a good answer closes it', async () => {
    const clock = new FakeClock();
    const breaker = new CircuitBreaker(OPTIONS, clock);
    for (let i = 0; i < 3; i++) admitted(breaker)(500);
    await clock.advance(9_999);
    refused(breaker);
    await clock.advance(1);
    assert.equal(breaker.state().state, 'half-open');
    const probe = admitted(breaker);
    assert.deepEqual(refused(breaker), { serverErrorsInARow: 3, lastStatus: 500, retryAt: clock.now(), probing: true });
    probe(200);
    assert.deepEqual(breaker.state(), { state: 'closed', serverErrorsInARow: 0 });
    admitted(breaker)(200);
  });

  it('a failed probe opens it again for twice as long, up to the maximum; success restores the first cool-down', async () => {
    const clock = new FakeClock();
    const breaker = new CircuitBreaker(OPTIONS, clock);
    for (let i = 0; i < 3; i++) admitted(breaker)(503);
    await clock.advance(10_000);
    admitted(breaker)(503);
    assert.equal(refused(breaker).retryAt, clock.now() + 20_000);
    await clock.advance(20_000);
    admitted(breaker)(503);
    assert.equal(refused(breaker).retryAt, clock.now() + 25_000, 'held to maxCoolDownMs');
    await clock.advance(25_000);
    admitted(breaker)(204);
    for (let i = 0; i < 3; i++) admitted(breaker)(500);
    assert.equal(refused(breaker).retryAt, clock.now() + 10_000);
  });

  it('a probe that got no answer (cancelled) lets the next request probe', async () => {
    const clock = new FakeClock();
    const breaker = new CircuitBreaker(OPTIONS, clock);
    for (let i = 0; i < 3; i++) admitted(breaker)(500);
    await clock.advance(10_000);
    const probe = admitted(breaker);
    probe(undefined);
    probe(200); // a ticket reports once
    assert.equal(breaker.state().state, 'half-open');
    admitted(breaker)(200);
    assert.equal(breaker.state().state, 'closed');
  });

  it('says what is paused, after how many errors and until when; refuses bad options', () => {
    const text = circuitRefusalText('twins.example.com', {
      serverErrorsInARow: 5,
      lastStatus: 503,
      retryAt: Date.UTC(2026, 0, 1, 10, 32, 5),
      probing: false,
    });
    assert.equal(
      text,
      'requests to twins.example.com paused after 5 server errors in a row (last HTTP 503); retrying at 10:32:05 UTC; nothing was sent',
    );
    assert.match(
      circuitRefusalText('x', { serverErrorsInARow: 6, lastStatus: 500, retryAt: 0, probing: true }),
      /a trial request is under way/,
    );
    assert.throws(() => new CircuitBreaker({ ...OPTIONS, failures: 0 }), /failures/);
    assert.throws(() => new CircuitBreaker({ ...OPTIONS, coolDownMs: 0 }), /coolDownMs/);
    assert.throws(() => new CircuitBreaker({ ...OPTIONS, maxCoolDownMs: 1 }), /maxCoolDownMs/);
  });
});
