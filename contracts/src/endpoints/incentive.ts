import { z } from 'zod';
import { Ok } from '../common';
import { access, endpoint } from '../endpoint';
import { Achievement, IncentiveProgram, PendingNotification, PerformanceRecord } from '../entities/incentive';
import { idParams } from '../fields';
import { IncentiveProgramRequest, ToggleProgramRequest, TopPerformersQuery } from '../requests/incentive';

const owner = 'incentive' as const;
const programIdParams = idParams('id');
const PerformanceList = Ok.extend({ data: z.array(PerformanceRecord) });
const ProgramResponse = Ok.extend({ program: IncentiveProgram });

export const incentiveEndpoints = {
  'admin.topPerformers': endpoint({
    id: 'admin.topPerformers',
    method: 'GET',
    path: '/api/admin/top-performers',
    owner,
    access: access.roles('admin'),
    summary: 'The best dealers by revenue, orders or items sold (4 by default)',
    query: TopPerformersQuery,
    response: PerformanceList,
  }),
  'admin.dealerPerformance': endpoint({
    id: 'admin.dealerPerformance',
    method: 'GET',
    path: '/api/admin/dealer-performance',
    owner,
    access: access.roles('admin'),
    summary: "Every dealer's revenue, orders, items and average order value",
    response: PerformanceList,
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
    summary: 'Create an incentive program with its tiers',
    body: IncentiveProgramRequest,
    response: ProgramResponse,
  }),
  'admin.updateIncentiveProgram': endpoint({
    id: 'admin.updateIncentiveProgram',
    method: 'PUT',
    path: '/api/admin/incentive-programs/{id}',
    owner,
    access: access.roles('admin'),
    summary: 'Replace an incentive program and its tiers',
    params: programIdParams,
    body: IncentiveProgramRequest,
    response: ProgramResponse,
  }),
  'admin.deleteIncentiveProgram': endpoint({
    id: 'admin.deleteIncentiveProgram',
    method: 'DELETE',
    path: '/api/admin/incentive-programs/{id}',
    owner,
    access: access.roles('admin'),
    summary: 'Delete an incentive program',
    params: programIdParams,
    response: Ok,
  }),
  'admin.toggleIncentiveProgram': endpoint({
    id: 'admin.toggleIncentiveProgram',
    method: 'POST',
    path: '/api/admin/incentive-programs/{id}/toggle',
    owner,
    access: access.roles('admin'),
    summary: 'Enable or disable an incentive program',
    params: programIdParams,
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
    params: programIdParams,
    response: Ok.extend({ achievements: z.array(Achievement) }),
  }),
  'admin.pendingNotifications': endpoint({
    id: 'admin.pendingNotifications',
    method: 'GET',
    path: '/api/admin/pending-notifications',
    owner,
    access: access.roles('admin'),
    summary: 'Achievements whose dealer notification is still to be sent',
    response: Ok.extend({ data: z.array(PendingNotification) }),
  }),
} as const;
