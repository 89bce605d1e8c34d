import { printMarketplace } from './marketplace.ts';
await printMarketplace();
