//! The learning search's order by activity: a max-heap of variables, for a decision on the most active open literal (record 0040).

/// Variables by activity, highest first (ties: the lowest index), each
/// at most once; an assigned one stays until it is popped.
pub(super) struct Order {
    heap: Vec<u32>,
    /// Per variable: its index in `heap`, or `u32::MAX` when out of it.
    at: Vec<u32>,
}

impl Order {
    /// Every one of `vars` variables, all of activity 0.
    pub(super) fn new(vars: usize) -> Self {
        Self {
            heap: (0..vars as u32).collect(),
            at: (0..vars as u32).collect(),
        }
    }

    /// Whether `x` goes above `y`.
    #[inline(always)]
    fn above(activity: &[f64], x: u32, y: u32) -> bool {
        let (a, b) = (activity[x as usize], activity[y as usize]);
        a > b || (a == b && x < y)
    }

    /// Puts `x` back (a variable just unassigned), unless it is in.
    #[inline]
    pub(super) fn insert(&mut self, x: usize, activity: &[f64]) {
        if self.at[x] == u32::MAX {
            self.at[x] = self.heap.len() as u32;
            self.heap.push(x as u32);
            self.up(self.heap.len() - 1, activity);
        }
    }

    /// Moves `x` up after its activity grew, if it is in.
    #[inline]
    pub(super) fn raised(&mut self, x: usize, activity: &[f64]) {
        let i = self.at[x];
        if i != u32::MAX {
            self.up(i as usize, activity);
        }
    }

    /// The most active variable, left in.
    #[inline]
    pub(super) fn top(&self) -> Option<usize> {
        self.heap.first().map(|&x| x as usize)
    }

    /// Takes out the most active variable.
    pub(super) fn pop(&mut self, activity: &[f64]) -> Option<usize> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        self.at[top as usize] = u32::MAX;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.at[last as usize] = 0;
            self.down(0, activity);
        }
        Some(top as usize)
    }

    fn up(&mut self, mut i: usize, activity: &[f64]) {
        let x = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.heap[parent];
            if !Self::above(activity, x, p) {
                break;
            }
            self.heap[i] = p;
            self.at[p as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = x;
        self.at[x as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize, activity: &[f64]) {
        let x = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len()
                && Self::above(activity, self.heap[right], self.heap[left])
            {
                right
            } else {
                left
            };
            let c = self.heap[child];
            if !Self::above(activity, c, x) {
                break;
            }
            self.heap[i] = c;
            self.at[c as usize] = i as u32;
            i = child;
        }
        self.heap[i] = x;
        self.at[x as usize] = i as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::below;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// Random raises, pops and insertions: each pop is the most active
    /// variable in, the lowest index among equals, as a scan finds it.
    #[test]
    fn pops_the_most_active_as_a_scan_does() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for vars in [1, 2, 5, 40, 300] {
            let mut activity = vec![0.0; vars];
            let mut order = Order::new(vars);
            let mut inside = vec![true; vars];
            for _ in 0..4000 {
                match below(&mut rng, 3) {
                    0 => {
                        let x = below(&mut rng, vars as u32) as usize;
                        activity[x] += f64::from(below(&mut rng, 4));
                        order.raised(x, &activity);
                    }
                    1 => {
                        let want =
                            (0..vars)
                                .filter(|&x| inside[x])
                                .fold(None, |b: Option<usize>, x| match b {
                                    Some(y) if activity[y] >= activity[x] => Some(y),
                                    _ => Some(x),
                                });
                        assert_eq!(order.top(), want);
                        let got = order.pop(&activity);
                        assert_eq!(got, want);
                        if let Some(x) = got {
                            inside[x] = false;
                        }
                    }
                    _ => {
                        let x = below(&mut rng, vars as u32) as usize;
                        order.insert(x, &activity);
                        inside[x] = true;
                    }
                }
            }
        }
    }
}
