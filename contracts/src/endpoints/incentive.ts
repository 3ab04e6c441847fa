import { z } from 'zod';
import { Ok } from '../common';
import { access, endpoint } from '../endpoint';
import {
  Achievement,
  IncentiveProgram,
  PendingNotification,
  PerformanceRecord,
  ProgramProgress,
} from '../entities/incentive';
import { idParams } from '../fields';
import { pageable } from '../list-query';
import {
  AchievementExportQuery,
  DealerPerformanceQuery,
  IncentiveProgramRequest,
  PendingNotificationsQuery,
  ProgramAchievementsQuery,
  ToggleProgramRequest,
  TopPerformersQuery,
} from '../requests/incentive';

const owner = 'incentive' as const;
const idParam = idParams('id');
const PerformanceList = Ok.extend({ data: z.array(PerformanceRecord) });
const ProgramResponse = Ok.extend({ program: IncentiveProgram });
const CsvText = z
  .string()
  .describe("the program's achievements as CSV: UTF-8 with a byte-order mark, every cell quoted, CRLF");

export const incentiveEndpoints = {
  'admin.topPerformers': endpoint({
    id: 'admin.topPerformers',
    method: 'GET',
    path: '/api/admin/top-performers',
    owner,
    access: access.roles('admin'),
    summary: 'The best dealers by revenue, orders or items sold, best first (4 by default; dealers with 0 left out)',
    query: TopPerformersQuery,
    response: PerformanceList,
  }),
  'admin.dealerPerformance': endpoint({
    id: 'admin.dealerPerformance',
    method: 'GET',
    path: '/api/admin/dealer-performance',
    owner,
    access: access.roles('admin'),
    summary:
      "Every active dealer's revenue, orders, items and average order value, by revenue; with limit, one page of the searched, filtered and sorted dealers",
    query: DealerPerformanceQuery,
    response: pageable(PerformanceList),
  }),
  'admin.incentivePrograms': endpoint({
    id: 'admin.incentivePrograms',
    method: 'GET',
    path: '/api/admin/incentive-programs',
    owner,
    access: access.roles('admin'),
    summary: 'Incentive programs with their tiers',
    response: Ok.extend({ programs: z.array(IncentiveProgram) }),
  }),
  'admin.createIncentiveProgram': endpoint({
    id: 'admin.createIncentiveProgram',
    method: 'POST',
    path: '/api/admin/incentive-programs',
    owner,
    access: access.roles('admin'),
    summary: 'Create an incentive program with its tiers; the orders it covers are evaluated at once',
    body: IncentiveProgramRequest,
    response: ProgramResponse,
  }),
  'admin.updateIncentiveProgram': endpoint({
    id: 'admin.updateIncentiveProgram',
    method: 'PUT',
    path: '/api/admin/incentive-programs/{id}',
    owner,
    access: access.roles('admin'),
    summary: 'Replace an incentive program and its tiers (a tier sent with its id keeps its achievements)',
    params: idParam,
    body: IncentiveProgramRequest,
    response: ProgramResponse,
  }),
  'admin.deleteIncentiveProgram': endpoint({
    id: 'admin.deleteIncentiveProgram',
    method: 'DELETE',
    path: '/api/admin/incentive-programs/{id}',
    owner,
    access: access.roles('admin'),
    summary: 'Delete an incentive program with its achievements',
    params: idParam,
    response: Ok,
  }),
  'admin.toggleIncentiveProgram': endpoint({
    id: 'admin.toggleIncentiveProgram',
    method: 'POST',
    path: '/api/admin/incentive-programs/{id}/toggle',
    owner,
    access: access.roles('admin'),
    summary: 'Enable or disable an incentive program',
    params: idParam,
    body: ToggleProgramRequest,
    response: ProgramResponse,
  }),
  'admin.incentiveProgramAchievements': endpoint({
    id: 'admin.incentiveProgramAchievements',
    method: 'GET',
    path: '/api/admin/incentive-programs/{id}/achievements',
    owner,
    access: access.roles('admin'),
    summary: 'The tiers dealers reached in a program, newest first',
    params: idParam,
    query: ProgramAchievementsQuery,
    response: pageable(Ok.extend({ achievements: z.array(Achievement) })),
  }),
  'admin.exportAchievements': endpoint({
    id: 'admin.exportAchievements',
    method: 'GET',
    path: '/api/admin/incentive-programs/{id}/achievements/export',
    owner,
    access: access.roles('admin'),
    summary:
      "Every achievement of a program that matches the achievements list's search, tier and sort, as a CSV download (streamed; the columns of the program's Export Achievements CSV)",
    params: idParam,
    query: AchievementExportQuery,
    response: CsvText,
    responseKind: 'csv',
    beyondSpec: true,
  }),
  'admin.pendingNotifications': endpoint({
    id: 'admin.pendingNotifications',
    method: 'GET',
    path: '/api/admin/pending-notifications',
    owner,
    access: access.roles('admin'),
    summary: 'Achievements of tiers that notify the dealer, newest first, until an admin marks them handled',
    query: PendingNotificationsQuery,
    response: pageable(
      Ok.extend({
        data: z.array(PendingNotification),
        count: z.number().int().nonnegative().describe('how many notifications wait (with limit: the total)'),
      }),
    ),
  }),
  'admin.handlePendingNotification': endpoint({
    id: 'admin.handlePendingNotification',
    method: 'POST',
    path: '/api/admin/pending-notifications/{id}/handled',
    owner,
    access: access.roles('admin'),
    summary: 'Marks a pending achievement notification handled: it leaves the Notifications tab',
    params: idParam,
    response: Ok,
    beyondSpec: true,
  }),
  'dealer.incentiveProgress': endpoint({
    id: 'dealer.incentiveProgress',
    method: 'GET',
    path: '/api/dealer/incentive-progress',
    owner,
    access: access.roles('dealer'),
    summary:
      "The signed-in dealer's progress in each enabled program running today: its figures inside the program's dates, the tiers reached and the next tier per metric",
    response: Ok.extend({ programs: z.array(ProgramProgress) }),
    beyondSpec: true,
  }),
} as const;
