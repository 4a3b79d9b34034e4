/**
 * Content script for link labels (decision 159). Not in the manifest: the background registers it only on the
 * sites where labels are on. Started once per page: a second injection (the extension updated or reloaded while
 * the page stayed open) takes over from the first.
 */
import { getBrowser } from '../browser';
import { startLabels, type LabelsHandle } from './labels-core';

const g = globalThis as { __mediadietLabels?: LabelsHandle };
g.__mediadietLabels?.stop();
g.__mediadietLabels = startLabels({ win: window, browser: getBrowser() });
