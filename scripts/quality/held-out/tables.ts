/**
 * The held-out half's table questions: monthly stock prices as a workbook whose dates are real
 * date cells (stock-prices.xlsx, five symbols, 2000-2010, first day of each month), asked with
 * the day written in words or figures, and the world's yearly carbon emissions as the CSV dslabs
 * ships (carbon-emissions.csv, million metric tons of carbon, 1751-2014). `fact` is the cell's
 * value as the file shows it.
 */
import type { Question } from '../types';

const stocks = 'stock-prices.xlsx';
const emissions = 'carbon-emissions.csv';

export const HELD_OUT_TABLE_QUESTIONS: Question[] = [
  {
    query: 'What was the price of IBM stock on 1 July 2008?',
    source: stocks,
    fact: '123.74',
  },
  {
    query: 'What did Amazon shares cost on October 1, 2009?',
    source: stocks,
    fact: '118.81',
  },
  {
    query: "What was Google's share price on 2005-03-01?",
    source: stocks,
    fact: '180.51',
  },
  {
    query: 'How much was an Apple share worth on the first of January 2010?',
    source: stocks,
    fact: '192.06',
  },
  {
    query: 'What were the total carbon emissions of the 1973 row?',
    source: emissions,
    fact: '4614',
  },
  {
    query: 'How many million metric tons of carbon were emitted in 1950?',
    source: emissions,
    fact: '1630',
  },
];
