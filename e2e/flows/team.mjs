// The demo's Team (issue 34): "Call the team" rings its members at once, the team's far side makes each simulated
// member answer apart (one declines, the call goes on), the last one alone hears the end; a call to the team from
// another tab rings this one with the Team's people.
import {SEL} from '../harness.mjs';

const status = uid => `[data-testid="team-status-${uid}"]`;
/** The simulated members let it ring: the team's far side alone makes them act. */
const ringOn = {answers: {ada: 'never', alan: 'never', katherine: 'never'}};

export const teamTests = [
  {
    name: 'team: one declines, one accepts, one leaves, and the last one alone hears the end',
    timeout: 40000,
    fn: async ({open}) => {
      const grace = await open({user: 'grace', state: ringOn});
      await grace.click('call-team-voice');
      await grace.visible(SEL.outgoing);
      await grace.textIs(status('ada'), 'ringing');
      await grace.far('team-reject-alan');
      await grace.textIs(status('alan'), 'declined');
      // Alan's decline did not end the call for the others.
      await grace.visible(SEL.outgoing);
      await grace.far('team-accept-ada');
      await grace.visible(SEL.ongoing, 8000);
      await grace.textIs(status('ada'), 'joined');
      await grace.far('team-noAnswer-katherine');
      await grace.textIs(status('katherine'), 'unanswered');
      await grace.visible(SEL.ongoing);
      await grace.far('team-leave-ada');
      await grace.gone(SEL.ongoing, 8000);
      await grace.textIs('[data-testid="team-call-status"]', 'No group call now');
    },
  },
  {
    name: 'team: a call to the team from another tab rings this one, and its accept connects both',
    timeout: 40000,
    fn: async ({open}) => {
      const grace = await open({user: 'grace', state: ringOn});
      const linus = await open({user: 'linus', state: ringOn});
      await linus.click('call-team-video');
      await linus.visible(SEL.outgoing);
      await grace.visible(SEL.incoming, 8000);
      await grace.page.click(SEL.accept);
      await grace.visible(SEL.ongoing, 8000);
      await linus.visible(SEL.ongoing, 8000);
      await linus.textIs('[data-testid="team-call-status"]', 'going on, placed by Linus');
      await linus.textIs(status('ada'), 'ringing');
    },
  },
];
