import {setupZonelessTestEnv} from 'jest-preset-angular/setup-env/zoneless';

setupZonelessTestEnv();
