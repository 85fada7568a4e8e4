// Types of scripts/release-steps.mjs for the TypeScript test that reads it.
export declare const BUILD_STEPS: string[][];
export declare const RUNTIME_PATHS: string[];
export declare const PRODUCTION_INSTALL: string[];
export declare const RUNTIME_ENV: Record<string, string>;
export declare const START: string[];
