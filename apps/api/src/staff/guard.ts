/**
 * The staff-session guard for routes outside `/vsbridge/staff/*` that are staff work (an order's
 * lifecycle for automation, a review hidden, a customer's special offers, an order's invoice):
 * they once took ADMIN_TOKEN, an unscoped bearer with no person behind it. Now they take a live
 * staff session whose role opens the area (401 / 403 otherwise), and record that staff member.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { staffCan, type StaffArea } from '@vitrina/domain';
import type { ApiContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';

/** a live staff session whose role opens one of `areas` (401 / 403 otherwise), kept as `req.staff` */
export function staffArea(ctx: Pick<ApiContext, 'staffSessions'>, ...areas: [StaffArea, ...StaffArea[]]) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const staff = await ctx.staffSessions.authenticate(ctx.staffSessions.tokenOf(req.headers.cookie));
    if (!areas.some((area) => staffCan(staff.role, area))) throw new ApiError(403, 'staff.forbidden');
    req.staff = staff;
  };
}
