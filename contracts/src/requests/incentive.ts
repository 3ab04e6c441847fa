import { z } from 'zod';
import { PerformanceMetric } from '../entities/incentive';
import { DateOnly, Id, optionalText, requiredText } from '../fields';

export const TopPerformersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(4),
  metric: PerformanceMetric.default('revenue'),
});

export const TierInput = z.object({
  id: Id.optional().describe('absent for a new tier'),
  name: requiredText('Error: Every tier needs a name', 100),
  metric: PerformanceMetric,
  value: z.number().nonnegative('Error: Tier threshold must not be negative'),
  reward: optionalText(500),
  notify_dealer: z.boolean().default(false),
});

export const IncentiveProgramRequest = z
  .object({
    program_name: requiredText('Error: Program name is required'),
    start_date: DateOnly,
    end_date: DateOnly,
    enabled: z.boolean().default(true),
    tiers: z.array(TierInput).min(1, 'Error: A program needs at least one tier').max(20),
  })
  .refine((program) => program.end_date >= program.start_date, {
    message: 'Error: End date must not be before start date',
    path: ['end_date'],
  });

export const ToggleProgramRequest = z.object({ enabled: z.boolean() });
