import { pipeline } from 'node:stream/promises';
import type { Request, Router } from 'express';
import { PROFILE_MESSAGES, profileRoutes as routes } from '@crucible/proto';
import { NotFoundError, createRouteMounter, principalOf, requestMetaOf, type TokenVerifier } from '@crucible/platform';
import type { Viewer } from '../use-cases/access.ts';
import * as activity from '../use-cases/activity.ts';
import type { ProfileContext } from '../use-cases/context.ts';
import * as leadership from '../use-cases/leadership.ts';
import * as members from '../use-cases/members.ts';
import * as pictures from '../use-cases/pictures.ts';
import * as profiles from '../use-cases/profiles.ts';
import * as settings from '../use-cases/settings.ts';
import * as skills from '../use-cases/skills.ts';

function viewer(req: Request): Viewer {
  const principal = principalOf(req);
  return {
    userId: principal.userId.toLowerCase(),
    accessLevel: principal.accessLevel,
    isAdmin: principal.isAdmin,
    meta: { ...requestMetaOf(req), sessionId: principal.sessionId },
  };
}

export function registerProfileRoutes(router: Router, deps: { ctx: ProfileContext; verifier: TokenVerifier }): void {
  const { ctx, verifier } = deps;
  const mount = createRouteMounter(router, { verifier });

  mount.raw(routes.listMembers, async ({ query }, req, res) => {
    res.json(await members.listMembers(ctx, viewer(req), query));
  });
  mount.raw(routes.getProfile, async ({ params }, req, res) => {
    res.json(await profiles.getProfile(ctx, viewer(req), params.id));
  });
  mount.raw(routes.patchProfile, async ({ params, body }, req, res) => {
    res.json(await profiles.patchProfile(ctx, viewer(req), params.id, body));
  });
  mount.raw(routes.saveProfileForm, async ({ params, body }, req, res) => {
    res.json(await profiles.saveProfileForm(ctx, viewer(req), params.id, body));
  });
  mount.raw(routes.listWorkplaces, async ({ params }, req, res) => {
    res.json(await profiles.listWorkplaces(ctx, viewer(req), params.id));
  });
  mount.raw(routes.addWorkplace, async ({ params, body }, req, res) => {
    res.status(201).json(await profiles.addWorkplace(ctx, viewer(req), params.id, body));
  });
  mount.raw(routes.replaceWorkplaces, async ({ params, body }, req, res) => {
    res.json(await profiles.replaceWorkplaces(ctx, viewer(req), params.id, body));
  });
  mount.raw(routes.deleteWorkplaces, async ({ params }, req, res) => {
    await profiles.deleteWorkplaces(ctx, viewer(req), params.id);
    res.status(204).end();
  });
  mount.raw(routes.listEducation, async ({ params }, req, res) => {
    res.json(await profiles.listEducation(ctx, viewer(req), params.id));
  });
  mount.raw(routes.addEducation, async ({ params, body }, req, res) => {
    res.status(201).json(await profiles.addEducation(ctx, viewer(req), params.id, body));
  });
  mount.raw(routes.replaceEducation, async ({ params, body }, req, res) => {
    res.json(await profiles.replaceEducation(ctx, viewer(req), params.id, body));
  });
  mount.raw(routes.deleteEducation, async ({ params }, req, res) => {
    await profiles.deleteEducation(ctx, viewer(req), params.id);
    res.status(204).end();
  });
  mount.raw(routes.uploadPicture, async ({ params, body }, req, res) => {
    res.json(await pictures.uploadPicture(ctx, viewer(req), params.id, body.dataUrl));
  });
  mount.raw(routes.deletePicture, async ({ params }, req, res) => {
    res.json(await pictures.deletePicture(ctx, viewer(req), params.id));
  });
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
  mount.raw(routes.getLeadership, async ({ params }, req, res) => {
    res.json(await leadership.getLeadership(ctx, viewer(req), params.id));
  });
  mount.raw(routes.createLeadership, async ({ params, body }, req, res) => {
    res.status(201).json(await leadership.createLeadership(ctx, viewer(req), params.id, body));
  });
  mount.raw(routes.updateLeadership, async ({ params, body }, req, res) => {
    res.json(await leadership.updateLeadership(ctx, viewer(req), params.id, body));
  });
  mount.raw(routes.listSkills, async ({ params }, req, res) => {
    res.json(await skills.listSkills(ctx, viewer(req), params.id));
  });
  mount.raw(routes.addSkill, async ({ params, body }, req, res) => {
    res.status(201).json(await skills.addSkill(ctx, viewer(req), params.id, body));
  });
  mount.raw(routes.deleteSkill, async ({ params }, req, res) => {
    await skills.deleteSkill(ctx, viewer(req), params.id);
    res.status(204).end();
  });
  mount.raw(routes.endorseSkill, async ({ params, body }, req, res) => {
    res.status(201).json(await skills.endorseSkill(ctx, viewer(req), params.id, body.comment ?? null));
  });
  mount.raw(routes.getStats, async ({ params }, req, res) => {
    res.json(await activity.getStats(ctx, viewer(req), params.id));
  });
  mount.raw(routes.recordView, async ({ params, body }, req, res) => {
    res.status(201).json(
      await activity.recordView(ctx, viewer(req), params.id, body, {
        ipAddress: req.ip ?? null,
        userAgent: req.get('user-agent') ?? null,
      }),
    );
  });
  mount.raw(routes.recordViewTime, async ({ params, body }, req, res) => {
    await activity.recordViewTime(ctx, viewer(req), params.id, params.viewId, body.timeSpent);
    res.status(204).end();
  });
  mount.raw(routes.getAnalytics, async ({ params }, req, res) => {
    res.json(await activity.getAnalytics(ctx, viewer(req), params.id));
  });
  mount.raw(routes.getPrivacy, async ({ params }, req, res) => {
    res.json(await profiles.getPrivacy(ctx, viewer(req), params.id));
  });
  mount.raw(routes.patchPrivacy, async ({ params, body }, req, res) => {
    res.json(await settings.patchPrivacy(ctx, viewer(req), params.id, body));
  });
}
