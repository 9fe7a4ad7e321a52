import { pipeline } from 'node:stream/promises';
import type { Router } from 'express';
import { PROFILE_MESSAGES, profileRoutes as routes } from '@crucible/proto';
import { NotFoundError, createRouteMounter, type TokenVerifier } from '@crucible/platform';
import * as activity from '../use-cases/activity.ts';
import type { ProfileContext } from '../use-cases/context.ts';
import * as leadership from '../use-cases/leadership.ts';
import * as members from '../use-cases/members.ts';
import * as pictures from '../use-cases/pictures.ts';
import * as profiles from '../use-cases/profiles.ts';
import * as settings from '../use-cases/settings.ts';
import * as skills from '../use-cases/skills.ts';

export function registerProfileRoutes(router: Router, deps: { ctx: ProfileContext; verifier: TokenVerifier }): void {
  const { ctx, verifier } = deps;
  const mount = createRouteMounter(router, { verifier });

  mount(routes.listMembers, ({ query, caller }) => members.listMembers(ctx, caller, query));

  mount(routes.getProfile, ({ params, caller }) => profiles.getProfile(ctx, caller, params.id));
  mount(routes.patchProfile, ({ params, body, caller }) => profiles.patchProfile(ctx, caller, params.id, body));
  mount(routes.saveProfileForm, ({ params, body, caller }) => profiles.saveProfileForm(ctx, caller, params.id, body));
  mount(routes.getPrivacy, ({ params, caller }) => profiles.getPrivacy(ctx, caller, params.id));
  mount(routes.patchPrivacy, ({ params, body, caller }) => settings.patchPrivacy(ctx, caller, params.id, body));

  mount(routes.listWorkplaces, ({ params, caller }) => profiles.listWorkplaces(ctx, caller, params.id));
  mount(routes.addWorkplace, ({ params, body, caller }) => profiles.addWorkplace(ctx, caller, params.id, body));
  mount(routes.replaceWorkplaces, ({ params, body, caller }) =>
    profiles.replaceWorkplaces(ctx, caller, params.id, body),
  );
  mount(routes.deleteWorkplaces, ({ params, caller }) => profiles.deleteWorkplaces(ctx, caller, params.id));
  mount(routes.listEducation, ({ params, caller }) => profiles.listEducation(ctx, caller, params.id));
  mount(routes.addEducation, ({ params, body, caller }) => profiles.addEducation(ctx, caller, params.id, body));
  mount(routes.replaceEducation, ({ params, body, caller }) => profiles.replaceEducation(ctx, caller, params.id, body));
  mount(routes.deleteEducation, ({ params, caller }) => profiles.deleteEducation(ctx, caller, params.id));

  mount(routes.uploadPicture, ({ params, body, caller }) =>
    pictures.uploadPicture(ctx, caller, params.id, body.dataUrl),
  );
  mount(routes.deletePicture, ({ params, caller }) => pictures.deletePicture(ctx, caller, params.id));
  mount.raw(routes.getPictureFile, async ({ params }, _req, res) => {
    const picture = await pictures.readPicture(ctx, params.file);
    if (!picture) throw new NotFoundError(PROFILE_MESSAGES.userNotFound);
    // Content-addressed: the bytes behind a name never change.
    res.set({
      'content-type': 'image/webp',
      'content-length': String(picture.info.size),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    await pipeline(picture.stream, res);
  });

  mount(routes.getLeadership, ({ params, caller }) => leadership.getLeadership(ctx, caller, params.id));
  mount(routes.createLeadership, ({ params, body, caller }) =>
    leadership.createLeadership(ctx, caller, params.id, body),
  );
  mount(routes.updateLeadership, ({ params, body, caller }) =>
    leadership.updateLeadership(ctx, caller, params.id, body),
  );

  mount(routes.listSkills, ({ params, caller }) => skills.listSkills(ctx, caller, params.id));
  mount(routes.addSkill, ({ params, body, caller }) => skills.addSkill(ctx, caller, params.id, body));
  mount(routes.deleteSkill, ({ params, caller }) => skills.deleteSkill(ctx, caller, params.id));
  mount(routes.endorseSkill, ({ params, body, caller }) =>
    skills.endorseSkill(ctx, caller, params.id, body.comment ?? null),
  );

  mount(routes.getStats, ({ params, caller }) => activity.getStats(ctx, caller, params.id));
  mount(routes.recordView, ({ params, body, caller }) => activity.recordView(ctx, caller, params.id, body));
  mount(routes.recordViewTime, ({ params, body, caller }) =>
    activity.recordViewTime(ctx, caller, params.id, params.viewId, body.timeSpent),
  );
  mount(routes.getAnalytics, ({ params, caller }) => activity.getAnalytics(ctx, caller, params.id));
}
