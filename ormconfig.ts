import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadSettings } from './src/config/settings';
import { dataSourceOptions } from './src/database/data-source-options';

/** The data source of the TypeORM CLI (`npm run migration:generate|run|revert`). */
export default new DataSource(dataSourceOptions(loadSettings()));
