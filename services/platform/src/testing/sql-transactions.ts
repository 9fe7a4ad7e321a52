export { sqlExecutor, transactionRunner } from '../database/transactions.ts';
