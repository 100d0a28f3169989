import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DatabaseService } from './database.service.js';

@Global()
@Module({
  providers: [
    {
      // Opened (and migrated) before any other provider can run a query.
      provide: DatabaseService,
      useFactory: async (config: AppConfig) => {
        const service = new DatabaseService(config);
        await service.open();
        return service;
      },
      inject: [APP_CONFIG],
    },
  ],
  exports: [DatabaseService],
})
export class DatabaseModule {}
